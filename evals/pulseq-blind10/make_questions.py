# blind10: writes questions.jsonl and runs all mechanical checks (blind9's make_questions.py, adapted).
# Reads /tmp/blind10_all.txt and /tmp/blind10_callers.json (written by the listing command / draw_example_funcs.py).
import json, os, re, sys
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind10_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 11 function-usage example questions, draw order (8 MATLAB, 3 Python)
fx('which MATLAB demo scripts call seq.duration?','seq.duration','matlab','b')
fx('mr.makeDigitalOutputPulse in an example sequence','mr.makeDigitalOutputPulse','matlab','a')
fx('I want to hear what my sequence sounds like, show me a MATLAB demo that actually plays it with seq.sound','seq.sound','matlab','c')
fx('is there a demo that pre-registers its RF pulses with seq.registerRfEvent?','seq.registerRfEvent','matlab','b')
fx('example scripts that check mr.aux.isSigPyAvailable','mr.aux.isSigPyAvailable','matlab','a')
fx("I'd like an example sequence that marks its segments with seq.addTRID, can you point me to one?",'seq.addTRID','matlab','c')
fx('which demo sequences use mr.makeAdiabaticPulse?','mr.makeAdiabaticPulse','matlab','b')
fx('seq.getBlock usage in a demo script','seq.getBlock','matlab','a')
fx('I need to see pp.split_gradient_at used in a real pypulseq script','pp.split_gradient_at','python','c')
fx('is there a pypulseq example calling seq.set_block?','seq.set_block','python','b')
fx('seq.get_block() in the pypulseq examples','seq.get_block','python','a')
# --- 11 sequence-kind example questions, draw order; #12 and #17 (the first two pypulseq scripts drawn) are Python-named
ex('I need a Cartesian turbo spin echo in pypulseq, built on pp.Sequence, with 16 echoes per excitation. Can you give me the code?',[P+'write_tse.py'],'python','c')
ex('balanced SSFP (TrueFISP) with the shortest possible TR',[M+'writeTrufi.m'],'none','a')
ex('is there a PROPELLER-style turbo spin echo where the echo train is repeated with rotated blades?',[M+'writeTSEprop.m'],'none','b')
ex('I need an ECG-triggered, segmented cardiac cine gradient echo, can you give me the code?',[M+'writeCineGradientEcho.m'],'none','c')
ex('3D zero-TE radial sequence, PETRA type',[M+'writeZTE_Petra.m',M+'writeZTE_Petra_sodium.m'],'none','a')
ex('is there a pypulseq example, with a main() I can call, of a 3D T1-weighted MPRAGE that uses a 90 degree hard preparation pulse instead of an inversion?',[P+'write_3Dt1_mprage.py'],'python','b')
ex('single-shot spin-echo EPI without ramp sampling',[M+'writeEpiSpinEcho.m',P+'write_epi_se.py'],'none','a')
ex('I need an RF-spoiled 2D gradient echo where TE can be changed on the scanner at a fixed TR through soft delays, can you give me the code?',[P+'write_gre_label_softdelay.py'],'none','c')
ex('is there a multi-slice spiral imaging sequence with fat saturation?',[M+'writeSpiral.m'],'none','b')
ex('low-performance demo EPI without ramp sampling and without data labels',[P+'write_epi.py',M+'writeEpi.m'],'none','a')
ex('I need a fully sampled 3D MPRAGE with an adiabatic inversion pulse, no GRAPPA undersampling, can you give me the code?',[M+'writeMPRAGE.m',P+'write_mprage.py'],'none','c')
# --- 4 docs questions
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('when I rotate blocks with mr.makeRotation, how is the rotation stored in the seq file?',[20],'matlab','b')
sp('shape compression done by mr.compressShape, how is it encoded in the file',[22],'matlab','a')
sp("I'm passing a per-sample phaseModulation to mr.makeAdc; how does that end up on the [ADC] line of the seq file?",[15],'matlab','c')
sp('how are cardiac triggers and digital output pulses written in a seq file?',[17],'none','b')
# --- 20 api questions
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api("I want to register my own data label with mr.addCustomLabel, what do I pass it?",'matlab','addCustomLabel','params',[A+'addCustomLabel.m'],'c')
api('seq.readBinary arguments','matlab','readBinary','params',[A+'@Sequence/readBinary.m'],'a')
api('what parameters does seq.findBlockByTime take?','matlab','findBlockByTime','params',[S],'b')
api('mr.aux.strstrip input','matlab','strstrip','params',[A+'+aux/strstrip.m'],'a')
api('which options does seq.calculateKspaceUnfunc accept?','matlab','calculateKspaceUnfunc','params',[S],'b')
api("I'm registering a soft delay myself with seq.registerSoftDelayEvent, what arguments does it need?",'matlab','registerSoftDelayEvent','params',[S],'c')
api('seq.copyDefinitions inputs','matlab','copyDefinitions','params',[S],'a')
api("I'm generating an SLR pulse with pypulseq's make_slr, what parameters can I set?",'python','make_slr','params',[PA+'make_sigpy_pulse.py'],'c')
api('which arguments does pp.make_arbitrary_rf take?','python','make_arbitrary_rf','params',[PA+'make_arbitrary_rf.py'],'b')
api('seq.calculate_kspacePP parameters','python','calculate_kspacePP','params',[PA+'Sequence/sequence.py'],'a')
api('mr.getSupportedRfUse return values','matlab','getSupportedRfUse','returns',[A+'getSupportedRfUse.m'],'a')
api('what does seq.testReport return?','matlab','testReport','returns',[A+'@Sequence/testReport.m'],'b')
api('what does safe_example_hw() return in pypulseq?','python','safe_example_hw','returns',[PA+'utils/safe_pns_prediction.py'],'b')
api("I'm converting a Siemens asc file with asc_to_acoustic_resonances, what do I get back?",'python','asc_to_acoustic_resonances','returns',[PA+'utils/siemens/asc_to_hw.py'],'c')

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
assert grp[('api','params','matlab')]==7 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==2
assert grp[('example','code','matlab')]==8 and grp[('example','code','python')]==5 and grp[('example','code','none')]==9
assert sum(1 for q in Q if q['kind']=='example' and q['_cls']=='python' and not q.get('_fn'))==2
assert grp[('spec','text','matlab')]==3 and grp[('spec','text','none')]==1
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# stems of all 59 example scripts
allf=[l.strip() for l in open('/tmp/blind10_all.txt') if l.strip()]
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
drawn=['write_tse.py','writeTrufi.m','writeTSEprop.m','writeCineGradientEcho.m','writeZTE_Petra.m','write_3Dt1_mprage.py',
 'writeEpiSpinEcho.m','write_gre_label_softdelay.py','writeSpiral.m','write_epi.py','writeMPRAGE.m']
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
assert [os.path.basename(q['relevant'][0]) for q in ks]==drawn
# the Python-named sequence-kind requests say pypulseq and are labelled with pypulseq scripts only
for q in ks:
    if q['_cls']=='python': assert 'pypulseq' in q['query'] and all(r.endswith('.py') for r in q['relevant'])
# spec pages within the range where both PDF copies have identical page text (4-6, 8-22)
for q in Q:
    if q['kind']=='spec': assert all(p in range(8,23) for p in q['pages'])
with open(OUT,'w') as f:
    for q in Q:
        f.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')})+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
