# blind12: writes questions.jsonl and runs all mechanical checks (blind11's make_questions.py, adapted; api part as in
# blind10's). Reads /tmp/blind12_all.txt and /tmp/blind12_callers.json (written by the listing command /
# draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page checks.
import json, os, re, sys, subprocess
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind12_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demo scripts pre-register their label events with seq.registerLabelEvent?','seq.registerLabelEvent','matlab','b')
fx('I want to design my RF pulses with mr.makeSLRpulse; show me the example sequences that call it','mr.makeSLRpulse','matlab','c')
fx('demo sequences using mr.makeBlockPulse','mr.makeBlockPulse','matlab','a')
fx('is there a demo that rotates whole blocks with mr.makeRotation?','mr.makeRotation','matlab','b')
fx('mr.makeAdiabaticPulse in a demo sequence','mr.makeAdiabaticPulse','matlab','a')
fx('I need to synchronise my acquisition to the cardiac cycle; show me an example calling mr.makeTrigger','mr.makeTrigger','matlab','c')
fx('which pypulseq examples call pp.split_gradient_at?','pp.split_gradient_at','python','b')
fx('I want to set reconstruction counters in pypulseq, show me the example scripts that use pp.make_label','pp.make_label','python','c')
fx('pp.align usage in the pypulseq example scripts','pp.align','python','a')
fx('is there a pypulseq example calling pp.make_gauss_pulse?','pp.make_gauss_pulse','python','b')
# --- 10 kind-of-sequence example requests, draw order; none names a language or an identifier
ex('basic single-slice 2D RF-spoiled gradient echo (FLASH), 10 degree flip angle, TE 5 ms and TR 12 ms, with spoiler gradients after the readout',
   [P+'write_gre.py',M+'writeGradientEcho.m'],'none','a')
ex('is there a slice-selective 2D spin-echo imaging sequence with SLR excitation and refocusing pulses, two interleaved slices, whose TE and TR stay adjustable at the scanner through soft delays?',
   [M+'writeSpinEcho_softdelay.m'],'none','b')
ex("I'm teaching EPI basics and need a simple multi-slice gradient-echo EPI where the phase blips are played between flat-top readouts: no ramp sampling, no spin echo, no data labels. Can you give me the code?",
   [P+'write_epi.py',M+'writeEpi.m'],'none','c')
ex('fast 2D radial FLASH with TE and TR as short as the gradients allow, 256 spokes plus dummy spokes, RF spoiled',
   [M+'writeFastRadialGradientEcho_rot3D.m',M+'writeFastRadialGradientEcho.m',M+'writeFastRadialGradientEcho_rotExt.m'],'none','a')
ex('is there a 2D multi-slice T1-weighted gradient echo in which every phase-encoding line is preceded by a non-selective 90 degree saturation pulse, crusher gradients and a 140 ms recovery delay, a 2D variant of MPRAGE?',
   [P+'write_2Dt1_mprage.py'],'none','b')
ex("I need a BOLD-style multi-slice EPI with ramp sampling, fat saturation, three navigator echoes and labels for the scanner's reconstruction, where TE and TR remain adjustable on the scanner through soft delays; can you give me the code?",
   [M+'writeEpiRS_label_softdelay.m'],'none','c')
ex('DWI: Stejskal-Tanner diffusion-weighted spin-echo EPI with ramp sampling, b 1000 s/mm2',
   [M+'writeEpiDiffusionRS.m',M+'writeEpiDiffusionRS_PMC.m'],'none','a')
ex('do you have a single-shot half-Fourier turbo spin echo, where the whole image comes from one echo train of 180 degree refocusing pulses?',
   [M+'writeHASTE.m',P+'write_haste.py'],'none','b')
ex('I want a multi-slice spin-echo EPI that samples on the gradient ramps, overlaps the blips with the readout, uses 6/8 partial Fourier and a fat-sat pulse, but has no diffusion encoding; can you give me the code?',
   [P+'write_epi_se_rs.py',M+'writeEpiSpinEchoRS.m'],'none','c')
ex('is there a single-voxel spectroscopy sequence localised with pairs of adiabatic refocusing pulses (semi-LASER) at a TE of 30 ms?',
   [M+'writeSemiLaser.m'],'none','b')
# --- 8 docs questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('which [DEFINITIONS] entries must a seq file contain and which are optional, when I set them with seq.setDefinition?',[9],'matlab','b')
sp('samples of an mr.makeArbitraryGrad waveform: placed on the edges or the centres of the gradient raster',[10],'matlab','a')
sp("I'm building a fat-sat pulse with mr.makeGaussPulse and a ppm frequency offset; how do the ppm frequency and phase offsets on the [RF] line combine with the absolute Hz and rad offsets?",[12,13],'matlab','c')
sp('if a gradient made with mr.makeExtendedTrapezoid ends at a non-zero amplitude, how must it be placed in its block according to the file format, and what about the gradient that continues it in the next block?',[14,15],'matlab','b')
sp('mr.makeSoftDelay offset and factor: how the block duration is computed from the TE or TR value entered on the scanner',[19],'matlab','a')
sp("I'm putting mr.makeLabel SET and INC events together with the ADC in one block; in which order does the interpreter apply them, and when are the counter values captured?",[18],'matlab','c')
sp('pp.make_trapezoid events in the [TRAP] section of a pypulseq file: columns and their units',[13,14],'python','a')
sp("I'm writing files with pypulseq's seq.write() and want to verify the [SIGNATURE] hash myself; what exactly is hashed, and what happens to the newline before that section?",[8],'python','c')
# --- 12 api questions
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api('I need a gradient that ramps between two given amplitudes with a prescribed area using mr.makeExtendedTrapezoidArea, what inputs does it take?','matlab','makeExtendedTrapezoidArea','params',[A+'makeExtendedTrapezoidArea.m'],'c')
api('mr.decompressShape arguments','matlab','decompressShape','params',[A+'decompressShape.m'],'a')
api('what options does seq.calcMomentsBtensor accept?','matlab','calcMomentsBtensor','params',[A+'@Sequence/calcMomentsBtensor.m'],'b')
api('what are the inputs of seq.getBlock?','matlab','getBlock','params',[S],'b')
api("I'm saving my sequence with MATLAB's seq.write, which parameters can I pass?",'matlab','write','params',[A+'@Sequence/write.m'],'c')
api('mr.makeLabel parameters','matlab','makeLabel','params',[A+'makeLabel.m'],'a')
api("I'm evaluating nerve stimulation with pypulseq's safe_pns_model, what arguments does it need?",'python','safe_pns_model','params',[PA+'utils/safe_pns_prediction.py'],'c')
api('pypulseq seq.set_extension_string_ID parameters','python','set_extension_string_ID','params',[PA+'Sequence/sequence.py'],'a')
api("which parameters does pypulseq's pp.make_digital_output_pulse take?",'python','make_digital_output_pulse','params',[PA+'make_digital_output_pulse.py'],'b')
api('what does seq.getExtensionTypeID return?','matlab','getExtensionTypeID','returns',[S],'b')
api('mr.aux.quat.normalize output','matlab','normalize','returns',[A+'+aux/+quat/normalize.m'],'a')
api('what does get_supported_rf_uses() return in pypulseq?','python','get_supported_rf_uses','returns',[PA+'supported_labels_rf_use.py'],'b')

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
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind12_all.txt') if l.strip()]
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
assert len(stems)==59
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# entry defined in first relevant file (and in no other file of its language's API tree)
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
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
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# example relevants only under example dirs; drawn file first for kind-of-sequence requests
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
drawn=['write_gre.py','writeSpinEcho_softdelay.m','write_epi.py','writeFastRadialGradientEcho_rot3D.m','write_2Dt1_mprage.py',
 'writeEpiRS_label_softdelay.m','writeEpiDiffusionRS.m','writeHASTE.m','write_epi_se_rs.py','writeSemiLaser.m']
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
assert [os.path.basename(q['relevant'][0]) for q in ks]==drawn
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# spec pages exist in both PDF copies, and lie on pages whose extracted text is identical in both copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in same for p in q['pages']),q['pages']
# key phrases of each spec answer on the labelled pages (pdftotext -layout; whitespace collapsed)
KEY={9:['GradientRasterTime','required','optional','TotalDuration'],10:['centers of the corresponding raster steps'],
     12:['are added together'],13:['fat saturation pulse','[TRAP]'],14:['Rise time of the trapezoid','non-zero values'],
     15:['aligned to the beginning of the block'],18:['First all LABELSET directives'],19:['extension DELAYS','offset factor hint'],
     8:['[SIGNATURE]','new line character']}
for p,ks_ in KEY.items():
    t=re.sub(r'\s+',' ',ptext(SPEC[0],p)).replace('[ ','[').replace(' ]',']')
    for k in ks_: assert k in t,(p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}<=set(KEY)
with open(OUT,'w') as f:
    for q in Q:
        f.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
