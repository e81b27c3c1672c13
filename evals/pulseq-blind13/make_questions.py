# blind13: writes questions.jsonl and runs all mechanical checks (blind12's make_questions.py, adapted: no api part;
# 8 named-function + 16 kind-of-sequence example requests, 12 spec questions; the kind-of-sequence walk is re-run here;
# spec pages are checked for key phrases in BOTH copies of the PDF instead of requiring identical page text).
# Reads /tmp/blind13_all.txt and /tmp/blind13_callers.json (written by the listing command / draw_example_funcs.py).
# Needs pdftotext/pdfinfo (poppler-utils) for the page checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind13_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 8 named-function example requests, draw order (5 MATLAB, then 3 Python)
fx("I'd like to check the bandwidth of my RF pulses with mr.calcRfBandwidth; show me example sequences that call it",'mr.calcRfBandwidth','matlab','c')
fx('mr.aux.findFlank in a demo sequence, measuring the width of a simulated slice profile','mr.aux.findFlank','matlab','a')
fx('which demo scripts read blocks back from the sequence object with seq.getBlock?','seq.getBlock','matlab','b')
fx('demo sequence rotating its spiral interleaves with mr.aux.rotmat.z','mr.aux.rotmat.z','matlab','a')
fx('is there an example that builds an RF pulse from its own sampled waveform with mr.makeArbitraryRf?','mr.makeArbitraryRf','matlab','b')
fx('I need a Gaussian fat-saturation pulse in pypulseq, show me an example script that makes it with pp.make_gauss_pulse','pp.make_gauss_pulse','python','c')
fx('pypulseq example pre-registering gradient events with seq.register_grad_event','seq.register_grad_event','python','a')
fx('which pypulseq example plots its gradient waveforms using seq.waveforms_and_times?','seq.waveforms_and_times','python','b')
# --- 16 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex("2D multi-slice spoiled gradient echo with twofold GRAPPA undersampling, 32 fully sampled reference lines, a noise pre-scan and REF/IMA labels for the scanner's own reconstruction",
   [M+'writeGradientEcho_grappa.m'],'none','a')
ex('is there a 2D radial gradient echo that runs at the shortest TE and TR the gradients allow, with a 5 degree flip angle, RF spoiling, a lengthened readout plus a slice spoiler for gradient spoiling, and 10 dummy spokes?',
   [M+'writeFastRadialGradientEcho.m',M+'writeFastRadialGradientEcho_rot3D.m',M+'writeFastRadialGradientEcho_rotExt.m'],'none','b')
ex('I want to excite a small 2D region instead of a slice: a spatially selective RF pulse played along a spiral excitation trajectory, followed by a spin echo and a Cartesian readout. Can you give me the code?',
   [M+'writeSelectiveRf.m'],'none','c')
ex('which script has an RF-spoiled 2D GRE whose TE and TR can be changed on the scanner after export, with two echo-time delays moving in opposite directions so that TR stays fixed?',
   [P+'write_gre_label_softdelay.py'],'none','b')
ex('EPI without ramp sampling, 7 slices and 4 repetitions, a physio trigger before each volume, three navigator echoes, and line/slice/segment labels in the data header',
   [P+'write_epi_label.py',M+'writeEpi_label.m'],'none','a')
ex('I need a plain RF-spoiled 2D GRE, TE just over 4 ms and TR 10 ms, that sets line and slice counters so the scanner can reconstruct it, with fixed timing and no adjustable delays; can you give me the code?',
   [P+'write_gre_label.py',M+'writeGradientEcho_label.m'],'none','c')
ex('3D T1-weighted gradient echo: non-selective 90 degree saturation, crusher gradients and a 140 ms delay, then 32 partition encodes with 12 degree hard-pulse excitations, repeated for every phase-encoding step',
   [P+'write_3Dt1_mprage.py'],'none','a')
ex('is there a toy sequence, not meant for real imaging, that is split into an inversion segment with several recovery times, a fat-suppression segment and a readout segment, each tagged with a TRID label for GE scanners?',
   [M+'write_demo_automatic_TRID_labels.m'],'none','b')
ex('For a course I need the simplest multi-slice gradient-echo EPI: phase blips between readouts that sample only on the flat top, no navigators, no labels, no trigger. Can you give me the code?',
   [P+'write_epi.py',M+'writeEpi.m'],'none','c')
ex('minimal FLASH: one slice, 10 degree flip, TE 5 ms, TR 12 ms, RF spoiling plus read and slice spoiler gradients at the end of each TR',
   [P+'write_gre.py',M+'writeGradientEcho.m'],'none','a')
ex('do you have a bare-bones gradient echo for a live teaching session, 30 degree flip, TE 8 ms and TR 16 ms, without spoilers, RF spoiling or dummy scans, that can then be extended step by step?',
   [M+'writeGRE_live_demo_step0.m',M+'writeGRE_live_demo.m'],'none','b')
ex("I'm after a multi-slice 90-180 spin-echo EPI with ramp-sampled readouts, blips overlapping the readout ramps, fat saturation, 6/8 partial Fourier and TE 40 ms, but without diffusion gradients. Can you give me the code?",
   [M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py'],'none','c')
ex('which script gives 2D multi-slice T1 contrast by putting a non-selective 90 degree saturation pulse, crushers and a 140 ms wait in front of every single phase-encoding line?',
   [P+'write_2Dt1_mprage.py'],'none','b')
ex('UTE: 2D radial centre-out half-echo spokes, half-pulse excitation repeated with the slice gradient polarity flipped, TE of a few hundred microseconds, no ramp sampling',
   [M+'writeUTE.m',P+'write_ute.py'],'none','a')
ex('I need a gradient echo for B0 field mapping that acquires every phase-encoding line at three echo times (separate excitations, roughly 4, 7 and 12 ms) and marks them with the echo counter label for online recon; can you give me the code?',
   [M+'writeGRE_multiEcho_label.m'],'none','c')
ex('I want a single-shot TSE that covers only a bit more than half of k-space, 8 lines before the centre, 180 degree refocusing pulses and one excitation per slice; can you give me the code?',
   [P+'write_haste.py',M+'writeHASTE.m'],'none','c')
# --- 12 spec questions (4 MATLAB-named, 2 Python-named, 6 no identifier)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('when seq.addBlock stores a block in the seq file, what does a [BLOCKS] line contain, in which unit is its duration written, and what does a zero in one of the event columns mean?',[10,11],'matlab','b')
sp("I'm making an excitation pulse with mr.makeSincPulse; how does the file format record the pulse centre on the [RF] line: which field, in what unit and measured from where?",[12],'matlab','c')
sp('NOROT and NOPOS flags set with mr.makeLabel: what the specification says the interpreter must ignore',[18],'matlab','a')
sp('if I attach an mr.makeRfShim object to a block, how many shim objects may that block carry, what happens when the block has no RF pulse, and what should the interpreter do if the channel count differs from the hardware?',[20],'matlab','b')
sp("I'm creating readouts with pypulseq's pp.make_adc and want to parse the [ADC] lines myself: in which unit is the dwell time written, what is the delay measured from, and how do I get the readout duration?",[15],'python','c')
sp('pp.make_arbitrary_grad waveform in a pypulseq seq file: how the samples are scaled in the [SHAPES] section and where the gradient amplitude is kept',[21],'python','a')
sp('which kinds of experiments can the sequence file format describe, does it support logical coordinate-frame transformations, and which hardware-dependent units does it avoid?',[4],'none','b')
sp('three-level hierarchy of a seq file (blocks, events, shapes) and why repeated events are only defined once',[6],'none','a')
sp('can an RF event and an ADC event in a seq file carry the same ID number, and must IDs start at 1 and be consecutive?',[7],'none','b')
sp("I'm writing my own interpreter; should I identify an extension by its numeric type or by its string ID, and can that type number change from one file to another?",[17],'none','c')
sp('shape compression in the seq format: how a run of 100 identical samples is encoded',[22,23],'none','a')
sp("I'm writing a reader for binary sequence files and need the section codes; which code introduces the [SHAPES] section?",[24],'none','c')

# ---------------- checks
assert len(Q)==36
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':9,'python':5,'none':22}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('example','code','matlab')]==5 and grp[('example','code','python')]==3 and grp[('example','code','none')]==16
assert sum(1 for q in Q if q['kind']=='example')==24
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==8
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==16
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==4 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==6
assert sum(1 for q in Q if q['kind']=='spec')==12
assert not any(q['kind']=='api' for q in Q)
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}[q['kind']]
    assert ('pages' in q)==(q['kind']=='spec') and 'entry' not in q and 'lang' not in q
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind13_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
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
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order)
assert [q['_fn'] for q in Q if q.get('_fn')]==['mr.calcRfBandwidth','mr.aux.findFlank','seq.getBlock','mr.aux.rotmat.z',
  'mr.makeArbitraryRf','pp.make_gauss_pulse','seq.register_grad_event','seq.waveforms_and_times']
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 131; skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 16 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(131); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==16: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions
specfns=[re.findall(r'\b(?:mr|pp|seq)\.\w+',q['query']) for q in Q if q['kind']=='spec']
drawnfns={q['_fn'] for q in Q if q.get('_fn')}
assert not any(fn in drawnfns for l in specfns for fn in l)
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
KEY={4:['NMR spectroscopy and MRI','logical coordinate-frame transformations','Volts'],
     6:['three-level hierarchical structure','only declared once'],
     7:['within a single class must be unique','no restrictions on the first ID','no restrictions on the ordering of IDs'],
     10:['An ID of 0 indicates no event'],
     11:['duration of the current block in units of BlockDurationRaster'],
     12:['Time point relative to the beginning of','effective center of this RF pulse'],
     15:['The duration of the ADC readout is given by the product of <num> and <dwell>','Delay between start of block and','The ADC dwell time ns'],
     17:['MUST only use the STRING_ID to recognize the extensions','MAY change from one file to'],
     18:['Instructs the interpreter to ignore rotation components','Instructs the interpreter to ignore translation components'],
     20:['Only one RF shimming extension object can be specified per block','block containing no RF have no effect','interpreter should probably ignore'],
     21:['normalised range of [-1, 1]','amplitude information is defined in the events section'],
     22:['run-length','A shape with a constant value of 1.0 for 100 samples'],
     23:['Step 2 (compression)','97'],
     24:['[SHAPES] 0xFFFFFFFF 0x00000008']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
print('styles, spec named / none',sorted(Counter(q['_style'] for q in Q if q['kind']=='spec' and q['_cls']!='none').items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='spec' and q['_cls']=='none').items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
