# blind9: writes questions.jsonl and runs all mechanical checks (blind8's make_questions.py, adapted).
# Reads /tmp/blind9_all.txt and /tmp/blind9_callers.json (written by the listing command / draw_example_funcs.py).
import json, os, re, sys
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind9_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 8 function-usage example questions, draw order
fx('mr.calcAdcSeg used in a demo sequence','mr.calcAdcSeg','matlab','a')
fx('which demo script calls mr.aux.isOctave?','mr.aux.isOctave','matlab','b')
fx('is there a MATLAB demo that calls seq.waveforms_and_times?','seq.waveforms_and_times','matlab','b')
fx('I want to see how mr.rotate3D is used in an actual sequence script','mr.rotate3D','matlab','c')
fx('show me a real sequence that builds its pulses with mr.makeSLRpulse','mr.makeSLRpulse','matlab','c')
fx('example code using mr.addRamps','mr.addRamps','matlab','a')
fx('which pypulseq examples use pp.make_extended_trapezoid?','pp.make_extended_trapezoid','python','b')
fx("I'd like to see seq.read() used in a pypulseq example script",'seq.read','python','c')
# --- 6 sequence-kind example questions, draw order
ex('ramp-sampled spin-echo EPI without diffusion weighting',[M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py'],'none','a')
ex('is there a basic gradient-echo EPI without ramp sampling, just for teaching, no labels?',[M+'writeEpi.m',P+'write_epi.py'],'none','b')
ex('I just need to play a hard pulse and record the FID a few times, no gradients at all. Can you give me the code?',[M+'writeFid.m'],'none','c')
ex('I need a single-shot gradient-echo EPI with ramp sampling and fat saturation, but without labels or navigator echoes, can you show me the code?',[M+'writeEpiRS.m'],'none','c')
ex('gradient echo with RF shimming',[M+'writeGRE_rfShim.m'],'none','a')
ex('is there a 2D multi-slice gradient echo with GRAPPA undersampling and ACS lines?',[M+'writeGradientEcho_grappa.m'],'none','b')
# --- 6 docs questions
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("when MATLAB's seq.write exports an RF pulse with freqPPM and phasePPM set, how are they stored on the [RF] line and combined with the offsets in Hz?",[12,13],'matlab','b')
sp("I'm adding a gradient that ends at a non-zero amplitude with seq.addBlock; what does the file format require for its delay and for the gradient in the next block?",[14,15],'matlab','c')
sp('more than one extension per block: how is that encoded in the seq file',[16,17],'none','a')
sp('if one block both sets and increments labels and also has an ADC, in which order are they applied?',[18],'none','b')
sp("I want some blocks, like dummy scans, to run only in the first repetition; how does the file format express that?",[18,19],'none','c')
sp('uncompressed shapes in the seq file, how does a reader tell them apart',[21],'none','a')
# --- 20 api questions
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api('what are the arguments of mr.makeGaussPulse?','matlab','makeGaussPulse','params',[A+'makeGaussPulse.m'],'b')
api('mr.pts2waveform inputs','matlab','pts2waveform','params',[A+'pts2waveform.m'],'a')
api('what do I pass to mr.aux.globalVars?','matlab','globalVars','params',[A+'+aux/globalVars.m'],'b')
api("I'm calling mr.calcRamp to connect two k-space points, which parameters does it take?",'matlab','calcRamp','params',[A+'calcRamp.m'],'c')
api('seq.calcPNS options','matlab','calcPNS','params',[A+'@Sequence/calcPNS.m'],'a')
api('which parameters does mr.makeAdc accept?','matlab','makeAdc','params',[A+'makeAdc.m'],'b')
api("what arguments does MATLAB's seq.write_v141 take?",'matlab','write_v141','params',[A+'@Sequence/write_v141.m'],'b')
api('I want to check my sequence against forbidden frequency bands with seq.gradSpectrum, what inputs does it need?','matlab','gradSpectrum','params',[A+'@Sequence/gradSpectrum.m'],'c')
api('mr.aux.quat.conjugate arguments','matlab','conjugate','params',[A+'+aux/+quat/conjugate.m'],'a')
api('calc_pns parameters in pypulseq','python','calc_pns','params',[PA+'Sequence/calc_pns.py'],'a')
api('what arguments does seq.waveforms() take in pypulseq?','python','waveforms','params',[PA+'Sequence/sequence.py'],'b')
api('I want to compute the k-space trajectory with seq.calculate_kspace, what can I pass to it?','python','calculate_kspace','params',[PA+'Sequence/sequence.py'],'c')
api('seq.set_extension_string_ID arguments','python','set_extension_string_ID','params',[PA+'Sequence/sequence.py'],'a')
api("what do I pass to pypulseq's format_trace?",'python','format_trace','params',[PA+'utils/tracing.py'],'b')
api('what does mr.Sequence.getBinaryCodes return?','matlab','getBinaryCodes','returns',[S],'b')
api('seq.registerRfShimEvent output','matlab','registerRfShimEvent','returns',[S],'a')
api('what do I get back from seq.getExtensionTypeString?','matlab','getExtensionTypeString','returns',[S],'b')
api('what does get_supported_rf_uses return in pypulseq?','python','get_supported_rf_uses','returns',[PA+'supported_labels_rf_use.py'],'b')
api('seq.register_soft_delay_event return value','python','register_soft_delay_event','returns',[PA+'Sequence/block.py',PA+'Sequence/sequence.py'],'a')
api("I'm calling seq.get_raw_block_content_IDs, what do I get back?",'python','get_raw_block_content_IDs','returns',[PA+'Sequence/block.py',PA+'Sequence/sequence.py'],'c')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
from collections import Counter
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==9 and grp[('api','params','python')]==5
assert grp[('api','returns','matlab')]==3 and grp[('api','returns','python')]==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==2 and grp[('example','code','none')]==6
assert grp[('spec','text','matlab')]==2 and grp[('spec','text','none')]==4
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# stems of all 59 example scripts
allf=[l.strip() for l in open('/tmp/blind9_all.txt') if l.strip()]
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
assert len(stems)==59
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# entry defined in first relevant file
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name), in addition to the draw's parser (comments/strings stripped / ast)
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,l.split('%')[0] if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"]
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# example relevants only under example dirs; drawn file first for sequence-kind
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P))
drawn=['writeEpiSpinEchoRS.m','writeEpi.m','writeFid.m','writeEpiRS.m','writeGRE_rfShim.m','writeGradientEcho_grappa.m']
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
assert [os.path.basename(q['relevant'][0]) for q in ks]==drawn
# spec pages within the range where both PDF copies have identical page text (4-6, 8-22)
for q in Q:
    if q['kind']=='spec': assert all(p in range(8,23) for p in q['pages'])
with open(OUT,'w') as f:
    for q in Q:
        f.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')})+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
